//! `--output-format parquet`: the rows as a Parquet file with typed columns (integers, booleans,
//! floats, text; `Null` where the CSV has an empty field), so that Spark, DuckDB or Polars read
//! them without parsing. Rows are gathered into row groups of [`ROW_GROUP`] rows; the file's
//! bytes go to the output as each group is done, so memory stays bounded by one group.

use std::io::{self, Write};
use std::sync::{Arc, Mutex};

use arrow_array::builder::{BooleanBuilder, Float64Builder, StringBuilder, UInt64Builder};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field as ArrowField, Schema, SchemaRef};
use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::file::properties::WriterProperties;

use super::columns::{Column, RowContext, Type, Value};

/// Rows per row group.
pub const ROW_GROUP: usize = 65_536;

/// The bytes the Parquet writer has produced and the output has not yet taken (the writer
/// needs a `Send` sink; the output need not be one).
#[derive(Clone, Default)]
struct Pending(Arc<Mutex<Vec<u8>>>);

impl Write for Pending {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().expect("one writer").extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// One column's values of the current row group.
enum Builder {
    Text(StringBuilder),
    UInt(UInt64Builder),
    Bool(BooleanBuilder),
    Float(Float64Builder),
}

impl Builder {
    fn new(kind: Type) -> Builder {
        match kind {
            Type::Text => Builder::Text(StringBuilder::new()),
            Type::UInt => Builder::UInt(UInt64Builder::new()),
            Type::Bool => Builder::Bool(BooleanBuilder::new()),
            Type::Float => Builder::Float(Float64Builder::new()),
        }
    }

    fn push(&mut self, value: Value<'_>) {
        match (self, value) {
            (Builder::Text(b), Value::Text(s)) => b.append_value(s),
            (Builder::UInt(b), Value::UInt(n)) => b.append_value(n),
            (Builder::Bool(b), Value::Bool(v)) => b.append_value(v),
            (Builder::Float(b), Value::Float(f)) => b.append_value(f),
            (Builder::Text(b), _) => b.append_null(),
            (Builder::UInt(b), _) => b.append_null(),
            (Builder::Bool(b), _) => b.append_null(),
            (Builder::Float(b), _) => b.append_null(),
        }
    }

    fn finish(&mut self) -> ArrayRef {
        match self {
            Builder::Text(b) => Arc::new(b.finish()),
            Builder::UInt(b) => Arc::new(b.finish()),
            Builder::Bool(b) => Arc::new(b.finish()),
            Builder::Float(b) => Arc::new(b.finish()),
        }
    }
}

fn data_type(kind: Type) -> DataType {
    match kind {
        Type::Text => DataType::Utf8,
        Type::UInt => DataType::UInt64,
        Type::Bool => DataType::Boolean,
        Type::Float => DataType::Float64,
    }
}

/// Writes rows as one Parquet file to `W`.
pub struct ParquetRows<W: Write> {
    output: W,
    columns: Vec<Column>,
    schema: SchemaRef,
    builders: Vec<Builder>,
    rows: usize,
    writer: Option<ArrowWriter<Pending>>,
    pending: Pending,
}

fn to_io(e: impl std::fmt::Display) -> io::Error {
    io::Error::other(format!("parquet: {e}"))
}

impl<W: Write> ParquetRows<W> {
    /// A writer of `columns` (each typed by its field) on `output`.
    pub fn new(output: W, columns: Vec<Column>) -> io::Result<ParquetRows<W>> {
        let fields: Vec<ArrowField> = columns
            .iter()
            .map(|c| ArrowField::new(&c.name, data_type(c.field.kind()), true))
            .collect();
        let schema: SchemaRef = Arc::new(Schema::new(fields));
        let pending = Pending::default();
        let properties = WriterProperties::builder()
            .set_compression(Compression::SNAPPY)
            .build();
        let writer = ArrowWriter::try_new(pending.clone(), Arc::clone(&schema), Some(properties))
            .map_err(to_io)?;
        let builders = columns
            .iter()
            .map(|c| Builder::new(c.field.kind()))
            .collect();
        Ok(ParquetRows {
            output,
            columns,
            schema,
            builders,
            rows: 0,
            writer: Some(writer),
            pending,
        })
    }

    /// Adds one row; a full row group is written out.
    pub fn push(&mut self, row: &RowContext<'_>) -> io::Result<()> {
        for (column, builder) in self.columns.iter().zip(&mut self.builders) {
            builder.push(row.value(column.field));
        }
        self.rows += 1;
        if self.rows >= ROW_GROUP {
            self.write_group()?;
        }
        Ok(())
    }

    /// Writes the rows gathered so far as a row group and hands its bytes to the output.
    fn write_group(&mut self) -> io::Result<()> {
        let Some(writer) = &mut self.writer else {
            return Ok(());
        };
        if self.rows > 0 {
            let arrays: Vec<ArrayRef> = self.builders.iter_mut().map(Builder::finish).collect();
            let batch = RecordBatch::try_new(Arc::clone(&self.schema), arrays).map_err(to_io)?;
            writer.write(&batch).map_err(to_io)?;
            writer.flush().map_err(to_io)?;
            self.rows = 0;
        }
        self.drain()
    }

    /// Hands the bytes written so far to the output.
    fn drain(&mut self) -> io::Result<()> {
        let bytes = std::mem::take(&mut *self.pending.0.lock().expect("one writer"));
        self.output.write_all(&bytes)?;
        self.output.flush()
    }

    /// Writes the last row group and the file's footer; later calls do nothing.
    pub fn finish(&mut self) -> io::Result<()> {
        self.write_group()?;
        if let Some(writer) = self.writer.take() {
            writer.close().map_err(to_io)?;
        }
        self.drain()
    }
}
