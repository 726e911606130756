/** The users module's public face (decision 053): the users table and its views. */
export { ownerMailAddresses } from './owner-addresses';
export { clientNotes, emailTokens, users } from './schema';
export { toUserView } from './user-view';
export {
  consumeEmailToken,
  deleteUser,
  escapeLike,
  findSpentEmailToken,
  findUserByEmail,
  findUserById,
  findUserContact,
  findUserContacts,
  insertEmailToken,
  insertUser,
  listUsers,
  lockActiveAdminIds,
  pendingEmailOf,
  pendingEmails,
  retireEmailTokens,
  updateUser,
} from './users-repository';
export type { UserRow } from './users-repository';
