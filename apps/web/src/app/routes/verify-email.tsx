import { VerifyEmailPage } from '../../features/auth/verify-email-page';

export default VerifyEmailPage;
