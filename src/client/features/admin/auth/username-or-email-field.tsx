import type { ComponentProps } from 'react'
import { InputField } from '../field.tsx'

type Props = Pick<ComponentProps<typeof InputField>, 'id' | 'value' | 'onChange' | 'error'>

/** Who is signing in, or asking for a reset link: a username or an email, filled as the password manager's username. */
export function UsernameOrEmailField(props: Props) {
  return <InputField label="Username or Email" autoComplete="username" {...props} />
}
