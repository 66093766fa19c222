// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QEventLoop>
#include <QString>

// How a headless command ends: the first outcome counts (a broken connection fails the request
// it carried too; the operator hears the first, clearer reason), and wait() runs the event loop
// until an outcome is settled. Replies and signals use context() so none arrives after it.
class CommandOutcome final
{
public:
    // `code`: a HeadlessCommand::Exit; `why`: the line printed on failure.
    void settle(int code, const QString &why);
    bool isSettled() const { return m_code != -1; }
    // Returns the exit code; `why` gets the message of a failure.
    int wait(QString *why);
    QObject *context() { return &m_loop; }

private:
    QEventLoop m_loop;
    int m_code = -1;
    QString m_why;
};
