import { SignInPage } from '../../features/auth/sign-in-page';

export default SignInPage;
