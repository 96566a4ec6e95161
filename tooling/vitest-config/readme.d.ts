export function readmeExamples(readmePath: string): string[];
export function runReadmeExample(readmePath: string, index?: number): Promise<unknown>;
