declare module 'fontverter' {
  /** Converts a font between formats; `sfnt` is plain TrueType/OpenType. */
  export function convert(
    buffer: Buffer,
    toFormat: 'sfnt' | 'truetype' | 'woff' | 'woff2',
    fromFormat?: string,
  ): Promise<Buffer>;
}
