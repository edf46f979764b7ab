import { legalRoute } from '@/components/content/legal-page';

const route = legalRoute('consent');

export const generateMetadata = route.generateMetadata;
export default route.Page;
