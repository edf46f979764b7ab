export { default, generateMetadata } from '@/components/errors/param-not-found';
