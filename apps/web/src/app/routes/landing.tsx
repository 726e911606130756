import { LandingPage } from '../../features/landing/landing-page';

export default LandingPage;
