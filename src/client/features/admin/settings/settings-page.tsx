import { Archive, AtSign, FileText, Globe, Lock, Menu, Share2, ShieldCheck, User, type LucideIcon } from 'lucide-react'
import type { ComponentType } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx'
import { useAuth } from '../../../lib/auth.tsx'
import { useSearchParams } from '../../../lib/router.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { BackupTab } from './backup-tab.tsx'
import { FediverseTab } from './fediverse-tab.tsx'
import { FooterPagesTab } from './footer-pages-tab.tsx'
import { GeneralTab } from './general-tab.tsx'
import { NavigationTab } from './navigation-tab.tsx'
import { PasswordTab } from './password-tab.tsx'
import { ProfileCard } from './profile-card.tsx'
import { SecurityTab } from './security-tab.tsx'
import { SocialTab } from './social-tab.tsx'

function AccountTab() {
  const { user } = useAuth()
  const rows = [
    { id: 'account-username', label: 'Username', value: user?.username ?? '' },
    { id: 'account-email', label: 'Email', value: user?.email ?? '' },
    { id: 'account-role', label: 'Role', value: user?.role ?? '' },
  ]
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Account</CardTitle>
          <CardDescription>Your account details.</CardDescription>
        </CardHeader>
        <CardContent className="max-w-md space-y-4">
          {rows.map((row) => (
            <div key={row.id} className="space-y-2">
              <Label htmlFor={row.id}>{row.label}</Label>
              <Input id={row.id} value={row.value} readOnly className="bg-muted" />
            </div>
          ))}
        </CardContent>
      </Card>
      <ProfileCard username={user?.username ?? ''} />
    </div>
  )
}

/** The tabs, in order; the first is the default. Add a tab here and it gets its trigger, panel and `?tab=` value. */
const TABS: Array<{ value: string; label: string; icon: LucideIcon; Panel: ComponentType }> = [
  { value: 'general', label: 'General', icon: Globe, Panel: GeneralTab },
  { value: 'social', label: 'Social Media', icon: Share2, Panel: SocialTab },
  { value: 'fediverse', label: 'Fediverse', icon: AtSign, Panel: FediverseTab },
  { value: 'password', label: 'Password', icon: Lock, Panel: PasswordTab },
  { value: 'security', label: 'Security', icon: ShieldCheck, Panel: SecurityTab },
  { value: 'footer-pages', label: 'Footer Pages', icon: FileText, Panel: FooterPagesTab },
  { value: 'navigation', label: 'Navigation', icon: Menu, Panel: NavigationTab },
  { value: 'account', label: 'Account', icon: User, Panel: AccountTab },
  { value: 'backup', label: 'Backup & import', icon: Archive, Panel: BackupTab },
]
const DEFAULT_TAB = TABS[0]!.value

export function SettingsPage() {
  useDocumentTitle('Settings')
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const tab = TABS.find((t) => t.value === requested)?.value ?? DEFAULT_TAB
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold">Settings</h1>
        <p className="text-muted-foreground">Manage your blog settings</p>
      </header>
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(new URLSearchParams(value === DEFAULT_TAB ? '' : { tab: value }))}
      >
        <TabsList>
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, Panel }) => (
          <TabsContent key={value} value={value}>
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  )
}
