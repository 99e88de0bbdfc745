@echo off
rem staydesk: StayDesk's command line, answered by the installed app without opening a window
rem (StayDesk.exe --cli ARGS; docs/command-line.md). Shipped as resources\bin\staydesk.cmd;
rem the installer adds that folder to the PATH (build\cli\windows\installer.nsh).
rem The app is started directly, with no pipe and no `call`. Electron attaches a windowed
rem program to the console of the terminal that started it, and a redirected stdout or stderr
rem is handed to it as it is, so the two stay apart: `staydesk ... --json > out.json` holds the
rem JSON alone. A batch file waits for every program it starts, windowed or not, so the exit
rem code below is the app's. cmd reads the arguments once, as for any .cmd: a `call` or a pipe
rem would read them again, and eat the ^ and expand the % in them.
"%~dp0..\..\StayDesk.exe" --cli %*
exit /b %ERRORLEVEL%
