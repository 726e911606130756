import { TermsPage } from '../../features/site/terms-page';

export default TermsPage;
