// SPDX-License-Identifier: GPL-3.0-or-later
#include "layoutmemory.h"

#include "layoutversion.h"
#include "page.h"
#include "pagememory.h"

#include <QHeaderView>
#include <QMainWindow>
#include <QSet>
#include <QSettings>
#include <QSplitter>
#include <QTableView>
#include <QTreeView>
#include <QUrl>

namespace {
const QString geometryKey = QStringLiteral("window/geometry");
const QString windowStateKey = QStringLiteral("window/state");
const QString widgetsGroup = QStringLiteral("widgets");
const QString intervalKey = QStringLiteral("refresh/intervalMs");
const QString trayKey = QStringLiteral("window/keepInTray");
const QString serversGroup = QStringLiteral("servers");
const QString pageKey = QStringLiteral("page");

QHeaderView *headerOf(QWidget *widget)
{
    if (auto *table = qobject_cast<QTableView *>(widget))
        return table->horizontalHeader();
    if (auto *tree = qobject_cast<QTreeView *>(widget))
        return tree->header();
    return nullptr;
}

// Qt's own inner widgets (qt_scrollarea_viewport...) add nothing a key needs.
QString pathOf(const QWidget *widget, const QWidget *root)
{
    QStringList names;
    for (const QWidget *w = widget; w && w != root; w = w->parentWidget()) {
        const QString name = w->objectName();
        if (!name.isEmpty() && !name.startsWith(QLatin1String("qt_")))
            names.prepend(name);
    }
    return names.join(QLatin1Char('/'));
}

// Named splitters and item views only: an unnamed one (a dialog's, a helper's) has no stable key,
// and two under one path are both left out, since either could get the other's state.
QHash<QString, QWidget *> rememberedWidgets(const QWidget *root)
{
    QHash<QString, QWidget *> found;
    QSet<QString> twice;
    const QList<QWidget *> children = root->findChildren<QWidget *>();
    for (QWidget *widget : children) {
        if (widget->objectName().isEmpty() || (!qobject_cast<QSplitter *>(widget) && !headerOf(widget)))
            continue;
        const QString key = pathOf(widget, root);
        if (found.contains(key))
            twice.insert(key);
        else
            found.insert(key, widget);
    }
    for (const QString &key : std::as_const(twice))
        found.remove(key);
    return found;
}

QByteArray stateOf(QWidget *widget)
{
    if (auto *splitter = qobject_cast<QSplitter *>(widget))
        return splitter->saveState();
    return headerOf(widget)->saveState();
}

// Sections of a header, panes of a splitter: a state made for another count is not this widget's.
int countOf(QWidget *widget)
{
    if (auto *splitter = qobject_cast<QSplitter *>(widget))
        return splitter->count();
    return headerOf(widget)->count();
}

bool apply(QWidget *widget, const QByteArray &state)
{
    if (auto *splitter = qobject_cast<QSplitter *>(widget))
        return splitter->restoreState(state);
    return headerOf(widget)->restoreState(state);
}

// A splitter of a page never laid out can report zero sizes; kept, they would squeeze a pane
// shut the next time.
bool worthSaving(QWidget *widget)
{
    auto *splitter = qobject_cast<QSplitter *>(widget);
    if (!splitter)
        return true;
    const QList<int> sizes = splitter->sizes();
    return !sizes.isEmpty() && !sizes.contains(0);
}

QByteArray bytes(const QVariant &value)
{
    return value.typeId() == QMetaType::QByteArray ? value.toByteArray() : QByteArray();
}

QVariantMap map(const QVariant &value)
{
    return value.typeId() == QMetaType::QVariantMap ? value.toMap() : QVariantMap();
}

// Server addresses hold '/' and ':', which QSettings reads as groups or escapes unevenly.
QString serverKey(const QString &server)
{
    return serversGroup + QLatin1Char('/') + QString::fromLatin1(QUrl::toPercentEncoding(server));
}
} // namespace

LayoutMemory::LayoutMemory()
    : m_settings(new QSettings(QStringLiteral("qlessdesk"), QStringLiteral("qlessdesk")))
{}

LayoutMemory::LayoutMemory(const QString &iniFile)
    : m_settings(new QSettings(iniFile, QSettings::IniFormat))
{}

LayoutMemory::~LayoutMemory() = default;

void LayoutMemory::saveWindow(const QMainWindow *window)
{
    m_settings->setValue(geometryKey, window->saveGeometry());
    m_settings->setValue(windowStateKey, window->saveState());
}

bool LayoutMemory::restoreWindow(QMainWindow *window) const
{
    const QByteArray geometry = bytes(m_settings->value(geometryKey));
    const bool placed = !geometry.isEmpty() && window->restoreGeometry(geometry);
    const QByteArray state = bytes(m_settings->value(windowStateKey));
    if (!state.isEmpty())
        window->restoreState(state);
    return placed;
}

void LayoutMemory::saveWidgets(const QWidget *root)
{
    const QHash<QString, QWidget *> widgets = rememberedWidgets(root);
    for (auto it = widgets.cbegin(); it != widgets.cend(); ++it) {
        if (!worthSaving(it.value()))
            continue;
        const QString group = widgetsGroup + QLatin1Char('/') + it.key();
        m_settings->setValue(group + QStringLiteral("/state"), stateOf(it.value()));
        m_settings->setValue(group + QStringLiteral("/count"), countOf(it.value()));
        m_settings->setValue(group + QStringLiteral("/version"), LayoutVersion::of(it.value()));
    }
}

void LayoutMemory::restoreWidgets(QWidget *root)
{
    const QHash<QString, QWidget *> widgets = rememberedWidgets(root);
    for (auto it = widgets.cbegin(); it != widgets.cend(); ++it) {
        QWidget *widget = it.value();
        const QByteArray built = stateOf(widget);
        if (!m_defaults.contains(it.key()))
            m_defaults.insert(it.key(), built);
        const QString group = widgetsGroup + QLatin1Char('/') + it.key();
        const QByteArray state = bytes(m_settings->value(group + QStringLiteral("/state")));
        bool counted = false;
        const int count = m_settings->value(group + QStringLiteral("/count")).toInt(&counted);
        // Saved before versions were: 0, like a widget that never set one.
        bool versioned = true;
        const QVariant savedVersion = m_settings->value(group + QStringLiteral("/version"), 0);
        const int version = savedVersion.toInt(&versioned);
        if (state.isEmpty() || !counted || count != countOf(widget) || !versioned
            || version != LayoutVersion::of(widget))
            continue;
        // Qt refuses most bad bytes itself; one it took half-way is undone with the built state.
        if (!apply(widget, state))
            apply(widget, built);
    }
}

void LayoutMemory::resetWidgets(QWidget *root)
{
    const QHash<QString, QWidget *> widgets = rememberedWidgets(root);
    for (auto it = widgets.cbegin(); it != widgets.cend(); ++it) {
        const auto built = m_defaults.constFind(it.key());
        if (built != m_defaults.cend())
            apply(it.value(), *built);
    }
    m_settings->remove(widgetsGroup);
    m_settings->remove(geometryKey);
    m_settings->remove(windowStateKey);
}

int LayoutMemory::refreshInterval(int fallback) const
{
    bool ok = false;
    const int milliseconds = m_settings->value(intervalKey).toInt(&ok);
    return ok && milliseconds >= 0 ? milliseconds : fallback;
}

void LayoutMemory::setRefreshInterval(int milliseconds)
{
    m_settings->setValue(intervalKey, milliseconds);
}

bool LayoutMemory::keepInTray() const
{
    return m_settings->value(trayKey, false).toBool();
}

void LayoutMemory::setKeepInTray(bool keep)
{
    m_settings->setValue(trayKey, keep);
}

void LayoutMemory::saveServer(const QString &server, const QList<Page *> &pages, const Page *current)
{
    QVariantMap memory;
    for (const Page *page : pages) {
        const QVariantMap own = PageMemory::of(page);
        if (!own.isEmpty())
            memory.insert(page->objectName(), own);
    }
    if (current)
        memory.insert(pageKey, current->objectName());
    m_settings->setValue(serverKey(server), memory);
}

int LayoutMemory::recallServer(const QString &server, const QList<Page *> &pages) const
{
    const QVariantMap memory = map(m_settings->value(serverKey(server)));
    const QString last = memory.value(pageKey).toString();
    int row = 0;
    for (int i = 0; i < pages.size(); ++i) {
        Page *page = pages.at(i);
        const QVariantMap own = map(memory.value(page->objectName()));
        if (!own.isEmpty())
            PageMemory::recall(page, own);
        if (!last.isEmpty() && page->objectName() == last)
            row = i;
    }
    return row;
}

void LayoutMemory::sync()
{
    m_settings->sync();
}

QString LayoutMemory::fileName() const
{
    return m_settings->fileName();
}
