@echo off
rem staydesk: StayDesk's command line, answered by the installed app without opening a window
rem (StayDesk.exe --cli ARGS; docs/command-line.md). Shipped as resources\bin\staydesk.cmd;
rem the installer adds that folder to the user's PATH (build\cli\windows\installer.nsh).
rem StayDesk.exe is a windowed program, which Windows gives no console of its own: its output
rem reaches this terminal through a pipe (findstr passes every line on). A pipe's exit code is
rem its last program's, so the app's is carried out through a file.
setlocal
set "APP=%~dp0..\..\StayDesk.exe"
set "CODE=%TEMP%\staydesk-%RANDOM%%RANDOM%.exitcode"
(call "%APP%" --cli %* & call echo %%^ERRORLEVEL%%>"%CODE%") 2>&1 | findstr "^"
set "EXIT=1"
if exist "%CODE%" (
  set /p EXIT=<"%CODE%"
  del "%CODE%" >nul 2>&1
)
endlocal & exit /b %EXIT%
