/**
 * Where the console leaves an enrolment challenge for the sign-in page (sessionStorage, this tab
 * only): a required password change of a member who must also set up a second factor ends that
 * restricted session, and the enrolment happens on the sign-in page before the console opens.
 */
export const MFA_ENROL_KEY = 'lectern:mfa-enrol';
