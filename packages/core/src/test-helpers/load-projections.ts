// Test setup: registers the oblique projections and split searches, as an application does with
// `import '@dt/core/oblique'` (the main @dt/core entry leaves them out so plain CART bundles stay small).
import '../oblique.js';
