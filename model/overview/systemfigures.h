// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

// One job system's figures on a server as the All servers window shows them beside qless's
// columns, whatever the system: a name and labelled counts. A system the console learns later
// brings a SystemFiguresSource that fills this; the window and its model stay as they are.
struct SystemFigure
{
    qint64 value = 0;
    QString text;     // the count with its word in the count's plural form: "1 queue", "3 pending"
    bool bad = false; // a count that is a problem when above 0 (failed, dead)
};

struct SystemFigures
{
    QString system; // "Blueque", "SideJob"
    QList<SystemFigure> figures;
    QString note; // what the figures leave out ("first 100 of 340 queues"); empty when nothing
};
