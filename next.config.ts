import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Loaded from node_modules at run time rather than bundled: PGlite reads its
  // WebAssembly and data files from its own folder; the rest are Node libraries.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@electric-sql/pglite-socket',
    'pg',
    'pino',
    'nodemailer',
  ],
  experimental: {
    serverActions: { bodySizeLimit: '32kb' },
  },
};

export default withNextIntl(nextConfig);
