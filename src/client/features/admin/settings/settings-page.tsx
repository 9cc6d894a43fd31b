import { FileText, Lock, Share2, User } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx'
import { useAuth } from '../../../lib/auth.tsx'
import { useSearchParams } from '../../../lib/router.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { FooterPagesTab } from './footer-pages-tab.tsx'
import { PasswordTab } from './password-tab.tsx'
import { SocialTab } from './social-tab.tsx'

const TABS = ['social', 'password', 'footer-pages', 'account'] as const

function AccountTab() {
  const { user } = useAuth()
  const rows = [
    { id: 'account-username', label: 'Username', value: user?.username ?? '' },
    { id: 'account-email', label: 'Email', value: user?.email ?? '' },
    { id: 'account-role', label: 'Role', value: user?.role ?? '' },
  ]
  return (
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
  )
}

export function SettingsPage() {
  useDocumentTitle('Settings')
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const tab = TABS.find((t) => t === requested) ?? 'social'
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-3xl font-bold">Settings</h1>
        <p className="text-muted-foreground">Manage your blog settings</p>
      </header>
      <Tabs value={tab} onValueChange={(value) => setParams(new URLSearchParams(value === 'social' ? '' : { tab: value }))}>
        <TabsList>
          <TabsTrigger value="social">
            <Share2 className="size-4" aria-hidden="true" />
            Social Media
          </TabsTrigger>
          <TabsTrigger value="password">
            <Lock className="size-4" aria-hidden="true" />
            Password
          </TabsTrigger>
          <TabsTrigger value="footer-pages">
            <FileText className="size-4" aria-hidden="true" />
            Footer Pages
          </TabsTrigger>
          <TabsTrigger value="account">
            <User className="size-4" aria-hidden="true" />
            Account
          </TabsTrigger>
        </TabsList>
        <TabsContent value="social">
          <SocialTab />
        </TabsContent>
        <TabsContent value="password">
          <PasswordTab />
        </TabsContent>
        <TabsContent value="footer-pages">
          <FooterPagesTab />
        </TabsContent>
        <TabsContent value="account">
          <AccountTab />
        </TabsContent>
      </Tabs>
    </div>
  )
}
