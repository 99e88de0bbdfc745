; StayDesk's NSIS include (electron-builder `nsis.include`): puts resources\bin, where
; staydesk.cmd is, on the user's PATH when installing and takes it off when uninstalling.
; The installer is per user (perMachine: false), so the user's PATH is the one changed; the
; PowerShell line edits it as a list, so other entries are left exactly as they are.

!macro customInstall
  nsExec::Exec `powershell -NoProfile -NonInteractive -ExecutionPolicy Bypass -Command "$$d = '$INSTDIR\resources\bin'; $$p = [Environment]::GetEnvironmentVariable('Path', 'User'); $$parts = @($$p -split ';' | Where-Object { $$_ -and $$_ -ne $$d }); [Environment]::SetEnvironmentVariable('Path', (($$parts + $$d) -join ';'), 'User')"`
!macroend

!macro customUnInstall
  nsExec::Exec `powershell -NoProfile -NonInteractive -ExecutionPolicy Bypass -Command "$$d = '$INSTDIR\resources\bin'; $$p = [Environment]::GetEnvironmentVariable('Path', 'User'); $$parts = @($$p -split ';' | Where-Object { $$_ -and $$_ -ne $$d }); [Environment]::SetEnvironmentVariable('Path', ($$parts -join ';'), 'User')"`
!macroend
