/** Types of scripts/chromium.mjs (plain JavaScript, so that `npm run bench` runs it with node). */
export declare const systemChromium: string;
export declare function chromiumPath(): string | undefined;
export declare function testLaunchOptions(): { executablePath: string | undefined; args: string[] };
