import { BookingsPage } from '../../features/admin-bookings';

export default BookingsPage;
