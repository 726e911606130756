/** Every text the contact inbox's API answers with, for the server and the screen alike. */
export const INBOX_MESSAGES = {
  notFound: 'Message not found',
  typeInvalid: 'Choose a request type from the list',
  stateInvalid: 'Choose new or handled',
  searchTooLong: 'Keep the search under 100 characters',
  pageInvalid: 'Page must be a whole number from 1',
  accountExists: 'This sender already has an account',
  inviteAlreadySent: (hours: number) =>
    `An invitation went to this address less than a day ago. You can send another in ${hours} ${
      hours === 1 ? 'hour' : 'hours'
    }.`,
} as const;
