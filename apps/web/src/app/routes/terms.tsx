import { TermsPage } from '../../features/terms/terms-page';

export default TermsPage;
