// SPDX-License-Identifier: GPL-3.0-or-later
#include "stepwindow.h"

void StepWindow::measured(int steps, qint64 micros)
{
    if (steps <= 0)
        return;
    // A step costs at least a microsecond: a clock that did not move allows the most, not a
    // division by zero.
    const qint64 perStep = qMax<qint64>(1, micros / steps);
    const qint64 fit = BudgetMicros / perStep;
    m_size = int(qBound<qint64>(1, fit, qMin<qint64>(qint64(steps) * 2, m_most)));
}
