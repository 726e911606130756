/** Every message the site content editor and its API answer with; the field's label is filled in. */
export const SITE_MESSAGES = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters long`,
  /** A list that must not be empty: "Add at least one question". */
  tooFew: (one: string) => `Add at least one ${one}`,
  tooMany: (many: string, max: number) => `At most ${max} ${many} are allowed`,
  initials: 'Initials are one to three letters',
  emailInvalid: 'Enter a valid e-mail address, e.g. hello@example.com',
  httpsOnly: 'Use a full https:// address, e.g. https://www.linkedin.com/in/you',
  linkCredentials:
    'Leave out the name or password before the site’s address (the part up to @): the link must open the site itself',
  linkCharacters:
    'A link cannot contain spaces or backslashes (\\); copy it from the browser’s address bar',
  /** The toast after a save, and the warning when leaving with unsaved changes. */
  saved: 'Site content saved. The public pages show it now.',
  unsaved: 'You have unsaved changes to the site content. Leave without saving?',
} as const;
