export type Role = 'user' | 'host' | 'admin';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface Profile {
  id: string;
  user_id: string;
  full_name: string | null;
  email: string;
  phone: string | null;
  role: Role;
  business_name: string | null;
}

export interface Session {
  user: SessionUser | null;
  profile: Profile | null;
}

export type Portal = 'user' | 'host';

export interface SignUpInput {
  email: string;
  password: string;
  full_name: string;
  role: Portal;
  business_name?: string;
  phone?: string;
}

export interface SignInInput {
  email: string;
  password: string;
  portal: Portal;
}
