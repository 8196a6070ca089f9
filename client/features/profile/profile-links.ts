/** The user area and the admin area show the same profile screens under their own paths. */
export type ProfileArea = 'user' | 'admin';

export const personPath = (area: ProfileArea) => (area === 'admin' ? '/admin/profile/user-profile/$id' : '/profile/user-profile/$id');
export const teamPath = (area: ProfileArea) => (area === 'admin' ? '/admin/profile/team/$id' : '/profile/team/$id');
export const ownProfilePath = (area: ProfileArea) => (area === 'admin' ? '/admin/profile/user-profile' : '/profile/user-profile');
