/**
 * antd's `Input` export carries TextArea, Search, OTP and Group as static members, so
 * `import { Input } from 'antd'` downloads all of them (about 6 KB gzip the sign-in page never uses).
 * The public pages import the two inputs they show from here; same components, nothing else attached.
 */
export { default as Input } from 'antd/es/input/Input';
export { default as PasswordInput } from 'antd/es/input/Password';
