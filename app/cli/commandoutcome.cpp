// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandoutcome.h"

void CommandOutcome::settle(int code, const QString &why)
{
    if (isSettled())
        return;
    m_code = code;
    m_why = why;
    m_loop.quit();
}

int CommandOutcome::wait(QString *why)
{
    if (!isSettled())
        m_loop.exec();
    *why = m_why;
    return m_code;
}
