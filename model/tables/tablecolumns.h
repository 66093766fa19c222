// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

// A row type's columns, written once, in one order, for both places a table shows: the window's
// model (its headers, translated) and the CSV export (English headers, a cell text a script
// reads). A column the window does not show (one cell of the window holds two facts, or a fact
// the window gives elsewhere) is in the file only; one the file leaves out, in the window only. Each column carries its export cell; the
// window's cell wording (relative times, the locale's numbers) stays with its model, which knows
// the clock and the locale.
template<typename Row>
class TableColumns final
{
public:
    enum class Shown { InWindowAndFile, InFileOnly, InWindowOnly };

    struct Column
    {
        // English: the export's header, and the source text the window translates. Marked with
        // QT_TRANSLATE_NOOP(context, ...) where the columns are written, so lupdate finds it.
        const char *header;
        std::function<QString(const Row &)> fileCell; // empty for a column shown in the window only
        Shown shown = Shown::InWindowAndFile;
        // The window's own header where it words the fact its own way (nullptr: `header`).
        const char *windowHeader = nullptr;
    };

    // `context`: the translation context of the window's headers (the model's class name).
    TableColumns(const char *context, QList<Column> columns)
        : m_context(context)
        , m_columns(std::move(columns))
    {
        for (int i = 0; i < m_columns.size(); ++i) {
            if (m_columns.at(i).shown != Shown::InFileOnly)
                m_windowColumns.append(i);
            if (m_columns.at(i).shown != Shown::InWindowOnly)
                m_fileColumns.append(i);
        }
    }

    // The window's columns: the columns in their one order, without the file-only ones.
    int windowCount() const { return int(m_windowColumns.size()); }
    QString windowHeader(int column) const
    {
        if (column < 0 || column >= m_windowColumns.size())
            return {};
        const Column &c = m_columns.at(m_windowColumns.at(column));
        return QCoreApplication::translate(m_context, c.windowHeader ? c.windowHeader : c.header);
    }

    // Headers and cell words of the CSV files are English in every language of the window: a
    // script reading the file must not depend on who saved it.
    QStringList fileHeader() const
    {
        QStringList header;
        for (int i : m_fileColumns)
            header << QString::fromUtf8(m_columns.at(i).header);
        return header;
    }
    QStringList fileRow(const Row &row) const
    {
        QStringList cells;
        for (int i : m_fileColumns)
            cells << m_columns.at(i).fileCell(row);
        return cells;
    }

private:
    const char *m_context;
    QList<Column> m_columns;
    QList<int> m_windowColumns; // indexes into m_columns
    QList<int> m_fileColumns;
};
