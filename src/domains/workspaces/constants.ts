// The roles are the platform's (the request scope carries one): read here by the web and the domain.
export { ROLES, atLeast, type Role } from '../../shared/roles';
