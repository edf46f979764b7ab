export type IslandInHtml = { name: string; client: string; propsBytes: number };
export function analyseHtml(html: string): {
  htmlRawBytes: number;
  propsBytes: number;
  frameworkDataBytes: number;
  dataShare: number;
  inlineScriptBytes: number;
  islands: IslandInHtml[];
};
export function staticImports(source: string, url: string): string[];
