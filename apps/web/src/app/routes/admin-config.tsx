import { ConfigPage } from '../../features/bookings/scheduling';

export default ConfigPage;
