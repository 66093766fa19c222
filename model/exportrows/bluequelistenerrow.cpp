// SPDX-License-Identifier: GPL-3.0-or-later
#include "bluequelistenerrow.h"

#include "csvtext.h"

namespace {
QString count(qint64 n)
{
    return QString::number(n);
}

// The library splits a listener's name at its last "_": the host before, the pid after.
QString host(const BluequeListenerRow &l)
{
    const int cut = int(l.name.lastIndexOf(QLatin1Char('_')));
    return cut < 0 ? QString() : l.name.left(cut);
}

QString pid(const BluequeListenerRow &l)
{
    const int cut = int(l.name.lastIndexOf(QLatin1Char('_')));
    return cut < 0 ? QString() : l.name.mid(cut + 1);
}
} // namespace

const TableColumns<BluequeListenerRow> &BluequeListenerRow::columns()
{
    using Shown = TableColumns<BluequeListenerRow>::Shown;
    using L = BluequeListenerRow;
    // The window shows one queue's listeners: the queue and the name's parts are the file's.
    static const TableColumns<BluequeListenerRow> columns(
        "BluequeListenerModel",
        {{QT_TRANSLATE_NOOP("BluequeListenerModel", "Queue"), [](const L &l) { return l.queue; }, Shown::InFileOnly},
         {QT_TRANSLATE_NOOP("BluequeListenerModel", "Listener"), [](const L &l) { return l.name; }},
         {QT_TRANSLATE_NOOP("BluequeListenerModel", "Host"), host, Shown::InFileOnly},
         {QT_TRANSLATE_NOOP("BluequeListenerModel", "Pid"), pid, Shown::InFileOnly},
         {QT_TRANSLATE_NOOP("BluequeListenerModel", "Listed"),
          [](const L &l) { return l.listed ? QStringLiteral("yes") : QStringLiteral("no"); }, Shown::InFileOnly},
         {QT_TRANSLATE_NOOP("BluequeListenerModel", "Reserved"), [](const L &l) { return count(l.held); },
          Shown::InWindowAndFile, QT_TRANSLATE_NOOP("BluequeListenerModel", "Holds")},
         {QT_TRANSLATE_NOOP("BluequeListenerModel", "Started"), [](const L &l) { return count(l.started); }},
         {QT_TRANSLATE_NOOP("BluequeListenerModel", "Last change"),
          [](const L &l) { return CsvText::utc(l.lastChange.value_or(0)); }},
         {QT_TRANSLATE_NOOP("BluequeListenerModel", "What looks wrong"), {}, Shown::InWindowOnly},
         {QT_TRANSLATE_NOOP("BluequeListenerModel", "Tasks held"), {}, Shown::InWindowOnly}});
    return columns;
}
