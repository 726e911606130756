import { BookingsPage } from '../../features/bookings/admin';

export default BookingsPage;
