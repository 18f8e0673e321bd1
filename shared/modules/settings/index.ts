/** What other modules use of settings: the rider that raises the settings version with their write. */
export { settingsChanged } from './version';
