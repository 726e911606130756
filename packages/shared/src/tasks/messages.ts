/** Every message of the tasks area, word for word, for the server and the forms alike. */
export const TASK_MESSAGES = {
  notFound: 'Task not found',
  titleRequired: 'Enter a title',
  titleTooLong: 'Keep the title under 120 characters',
  detailsTooLong: 'Keep the details under 2000 characters',
  dueDateInvalid: 'Enter the due date as YYYY-MM-DD',
  dueDatePast: 'This date is in the past — set it anyway?',
  statusInvalid: 'Choose open or done',
  clientInvalid: 'Choose a client from the list',
  clientNotFound: 'That client does not exist',
  bookingInvalid: 'Choose a booking from the list',
  bookingOfAnotherClient: 'That booking is not one of this client’s bookings',
  pageInvalid: 'Page must be a whole number from 1',
  nothingToChange: 'Change at least one field',
} as const;
