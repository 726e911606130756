import { ForgotPasswordPage } from '../../features/auth/forgot-password-page';

export default ForgotPasswordPage;
