import type {
  AdminBookingDetail,
  AdminBookingsPage,
  OwnerTimeZone,
  PastBookingsPage,
  SchedulingSettings,
  UpcomingBookings,
} from '@consult/shared';
import {
  makeAdminBooking,
  makeAdminBookingDetail,
  makeBooking,
  page,
  schedulingSettings,
} from '../data';
import { answer, apiPath, http } from '../http';

export const bookingsHandlers = [
  http.get(apiPath('/bookings/upcoming'), () =>
    answer<UpcomingBookings>({ bookings: [makeBooking()] }),
  ),
  http.get(apiPath('/bookings/past'), () => answer<PastBookingsPage>(page.pastBookings([]))),
  http.get(apiPath('/admin/bookings'), () =>
    answer<AdminBookingsPage>(page.bookings([makeAdminBooking()])),
  ),
  http.get(apiPath('/admin/bookings/:id'), () =>
    answer<AdminBookingDetail>(makeAdminBookingDetail()),
  ),
  http.get(apiPath('/admin/scheduling'), () => answer<SchedulingSettings>(schedulingSettings)),
  http.get(apiPath('/admin/owner-time-zone'), () =>
    answer<OwnerTimeZone>({ timeZone: schedulingSettings.rules.timeZone }),
  ),
];
