import 'server-only';
import path from 'node:path';

/** Content lives beside the code, under content/ at the project root. */
export const contentRoot = path.join(process.cwd(), 'content');
