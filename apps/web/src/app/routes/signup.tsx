import { SignUpPage } from '../../features/auth/sign-up-page';

export default SignUpPage;
