import { ResetPasswordPage } from '../../features/auth/reset-password-page';

export default ResetPasswordPage;
