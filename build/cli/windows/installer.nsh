; StayDesk's NSIS include (electron-builder `nsis.include`): puts resources\bin, where
; staydesk.cmd is, on the PATH when installing and takes it off when uninstalling.
;
; Whose PATH: the installer asks whether to install for the current user only or for everyone
; (oneClick and perMachine are false in electron-builder.config.ts), and electron-builder's
; templates set $installMode to "CurrentUser" or "all" (multiUser.nsh; the uninstaller sets it
; again from where the app was registered). A per-user install changes the user's Path
; (HKCU\Environment). An all-users install runs elevated, as an administrator whose own Path
; would be the wrong one, so it changes the machine's
; (HKLM\SYSTEM\CurrentControlSet\Control\Session Manager\Environment).
;
; How: PowerShell edits the value as a list, so every other entry stays exactly as it was.
; - The folder reaches PowerShell in an environment variable (STAYDESK_BIN, set in the
;   installer's own process, which nsExec's child inherits), never inside the command's text,
;   where a quote in the path (C:\Users\O'Brien\...) would end the string.
; - The value is read with DoNotExpandEnvironmentNames and written back as REG_EXPAND_SZ through
;   the registry API. [Environment]::GetEnvironmentVariable('Path', 'User') would return it
;   expanded, and [Environment]::SetEnvironmentVariable writes REG_SZ, so every
;   %USERPROFILE%\... entry would become a fixed path.
; - Writing the registry tells no running program (SetEnvironmentVariable would, but only with
;   REG_SZ), so the installer then broadcasts WM_SETTINGCHANGE "Environment" itself: Explorer
;   reads the new PATH, and so does every terminal opened after the install.
; The edit is not done with NSIS's own string functions: their strings are limited to
; NSIS_MAX_STRLEN characters, and a longer PATH would be cut short.

!include WinMessages.nsh

; ACTION is add (install) or remove (uninstall). A failure is shown in the installer's details
; and does not stop it: the app works without the command on the PATH.
!macro staydeskPath ACTION
  Push $0
  StrCpy $0 "$INSTDIR\resources\bin"
  System::Call 'kernel32::SetEnvironmentVariable(t "STAYDESK_BIN", t r0) i'
  ${if} $installMode == "all"
    System::Call 'kernel32::SetEnvironmentVariable(t "STAYDESK_PATH_SCOPE", t "machine") i'
  ${else}
    System::Call 'kernel32::SetEnvironmentVariable(t "STAYDESK_PATH_SCOPE", t "user") i'
  ${endif}
  System::Call 'kernel32::SetEnvironmentVariable(t "STAYDESK_PATH_ACTION", t "${ACTION}") i'
  nsExec::Exec `powershell -NoProfile -NonInteractive -ExecutionPolicy Bypass -Command "$$ErrorActionPreference = 'Stop'; $$d = $$env:STAYDESK_BIN; if ($$env:STAYDESK_PATH_SCOPE -eq 'machine') { $$k = [Microsoft.Win32.Registry]::LocalMachine.OpenSubKey('SYSTEM\CurrentControlSet\Control\Session Manager\Environment', $$true) } else { $$k = [Microsoft.Win32.Registry]::CurrentUser.CreateSubKey('Environment') }; $$p = [string]$$k.GetValue('Path', '', 'DoNotExpandEnvironmentNames'); $$parts = @($$p -split ';' | Where-Object { $$_ -and $$_ -ne $$d }); if ($$env:STAYDESK_PATH_ACTION -eq 'add') { $$parts += $$d }; if ($$parts.Count) { $$k.SetValue('Path', ($$parts -join ';'), 'ExpandString') } else { $$k.DeleteValue('Path', $$false) }; $$k.Close()"`
  Pop $0
  ${if} $0 != 0
    DetailPrint "StayDesk: the PATH was not changed (${ACTION} $INSTDIR\resources\bin; PowerShell: $0)"
  ${endif}
  SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=5000
  Pop $0
!macroend

!macro customInstall
  !insertmacro staydeskPath add
!macroend

!macro customUnInstall
  !insertmacro staydeskPath remove
!macroend
