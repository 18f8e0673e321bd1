/** What other modules and the authorizer may use of the users module. */
export { Credentials, RoleSchema, User } from './schemas';
export {
  activeUsersWithRoles,
  EmailLookup,
  emailKey,
  findUser,
  newUserWrites,
  UserRecord,
  userIsActiveWith,
} from './store';
