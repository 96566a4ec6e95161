// ml-cart ships no type declarations; the part the speed benchmark uses.
declare module 'ml-cart' {
  export interface CartOptions {
    gainFunction?: 'gini';
    splitFunction?: 'mean';
    minNumSamples?: number;
    maxDepth?: number;
    gainThreshold?: number;
  }
  export class DecisionTreeClassifier {
    constructor(options?: CartOptions);
    train(X: number[][], y: number[]): void;
    predict(X: number[][]): number[];
  }
}
