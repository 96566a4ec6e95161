// Test setup: registers the oblique projections, as an application does with `import '@dt/projections'`
// (the main @dt/core entry leaves them out so plain CART bundles stay small).
import '@dt/projections';
