import { legalRoute } from '@/components/content/legal-page';

const route = legalRoute('privacy');

export const generateMetadata = route.generateMetadata;
export default route.Page;
