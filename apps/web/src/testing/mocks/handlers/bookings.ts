import type {
  AdminBookingDetail,
  AdminBookingsPage,
  Availability,
  OwnerTimeZone,
  PastBookingsPage,
  SchedulingSettings,
  ServicesList,
  SiteCurrency,
  SiteCurrencyPreview,
  SlotPreview,
  UpcomingBookings,
} from '@consult/shared';
import {
  adminService,
  makeAdminBooking,
  makeAdminBookingDetail,
  makeBooking,
  page,
  schedulingSettings,
} from '../data';
import { answer, apiPath, http } from '../http';

/** GET /api/availability: one free time, 10:00 UTC on the last day of the range asked for. */
export const freeTimeOnLastDay = http.get(apiPath('/availability'), ({ request }) => {
  const params = new URL(request.url).searchParams;
  const day = params.get('to')!;
  return answer<Availability>({
    service: params.get('service')!,
    timeZone: params.get('timeZone')!,
    days: [{ date: day, slots: [`${day}T10:00:00.000Z`] }],
  });
});

export const bookingsHandlers = [
  freeTimeOnLastDay,
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
  http.post(apiPath('/admin/scheduling/preview'), () =>
    answer<SlotPreview>({
      date: '2030-01-14',
      timeZone: 'Europe/London',
      slots: [],
      candidates: [],
    }),
  ),
  http.get(apiPath('/admin/services'), () => answer<ServicesList>({ services: [adminService] })),
  http.get(apiPath('/admin/site-currency'), () => answer<SiteCurrency>({ currency: 'GBP' })),
  // Nothing to move, nothing in another currency: the site as the other handlers show it.
  http.get(apiPath('/admin/site-currency/preview'), ({ request }) => {
    const to = new URL(request.url).searchParams.get('currency') ?? 'GBP';
    return answer<SiteCurrencyPreview>({
      from: 'GBP',
      to,
      moves: [],
      codeAmounts: [],
      others: [],
      codesWithoutAmount: [],
    });
  }),
  http.get(apiPath('/admin/owner-time-zone'), () =>
    answer<OwnerTimeZone>({ timeZone: schedulingSettings.rules.timeZone }),
  ),
];
