/** Every message of the client record, word for word, for the server and the note form alike. */
export const CLIENT_NOTE_MESSAGES = {
  notFound: 'Note not found',
  textRequired: 'Write the note',
  textTooLong: 'Keep the note under 5000 characters',
} as const;
