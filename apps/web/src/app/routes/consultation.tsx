import { ConsultationPage } from '../../features/consultation/consultation-page';

export default ConsultationPage;
