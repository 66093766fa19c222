// SPDX-License-Identifier: GPL-3.0-or-later
#include "systemfiguressource.h"

#include "bluequefiguressource.h"
#include "sidejobfiguressource.h"

#include <QLocale>

#include <limits>

QList<SystemFiguresSource *> SystemFiguresSource::forSession(QlessSession *session, QObject *parent)
{
    return {new BluequeFiguresSource(session, parent), new SideJobFiguresSource(session, parent)};
}

SystemFigure SystemFiguresSource::figure(qint64 value, const char *text, bool bad)
{
    // %Ln takes an int: a larger count keeps the plural form of the largest int.
    const int n = int(qMin<qint64>(value, std::numeric_limits<int>::max()));
    QString shown = tr(text, nullptr, n);
    if (value > std::numeric_limits<int>::max())
        shown.replace(QLocale().toString(n), QLocale().toString(value));
    return {value, shown, bad};
}
