export function readmeExamples(readmePath: string): string[];
export function runReadmeExample(readmePath: string, index?: number, srcDir?: string): Promise<unknown>;
