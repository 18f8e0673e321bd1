/** The sign-in module has nothing other modules need. */
export {};
